export { absencesModule } from './absences';
export { employeesModule } from './employees';
export { commissionsModule } from './commissions';
