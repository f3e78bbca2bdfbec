export { type Figure, FiguresTable } from './figures-table';
