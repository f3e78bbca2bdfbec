/** What other features use of clients: the client's and pet's registration fields. */
export { clientDefaults, clientFields, petDefaults, petFields } from './client-fields';
