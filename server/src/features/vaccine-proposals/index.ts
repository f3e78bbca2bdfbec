export { pendingProposalsCount, vaccineProposalsModule } from './vaccine-proposals';
