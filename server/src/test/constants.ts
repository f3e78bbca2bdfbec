export const TEST_PASSWORD = 'Admin123!';
export const TEMPLATE_DATABASE = 'groomer_test_template';
