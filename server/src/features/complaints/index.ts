export { complaintsModule, type ComplaintsModuleOptions } from './complaints';
export { complaintsDueCount } from './complaint-read';
