export { absencesModule } from './absences';
export { employeesModule } from './employees';
