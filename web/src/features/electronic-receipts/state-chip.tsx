import {
  ELECTRONIC_STATE_COLORS,
  ELECTRONIC_STATE_LABELS,
  type ElectronicState,
} from '@app/domain';
import { StatusChip } from '../../crud';

/** A document's state as a coloured chip that says it in words too. */
export function StateChip({ state }: { state: ElectronicState }) {
  return (
    <StatusChip label={ELECTRONIC_STATE_LABELS[state]} color={ELECTRONIC_STATE_COLORS[state]} />
  );
}
