export { accountModule } from './account';
export { authModule } from './auth';
export { usersModule } from './users';
