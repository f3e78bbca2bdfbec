export const TEST_PASSWORD = 'Admin123!';
export const TEMPLATE_DATABASE = 'groomer_test_template';
/** The test files' copies of the template are named after it, plus a random suffix. */
export const TEST_DATABASE_PREFIX = 'groomer_test_';
