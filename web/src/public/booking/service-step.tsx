import {
  ONLINE_BOOKING_MESSAGES,
  PET_SIZE_LABELS,
  PET_SIZES,
  type BookingSalon,
  type PetSize,
} from '@app/domain';
import { useRef, useState, type FormEvent } from 'react';
import { RadioGroup, SelectField } from '../form-fields';
import { CHOICE_TEXTS, itemKey, itemPriceAndLength, type ServiceChoice } from './booking-choices';
import { firstError, useFocusByName, type StepErrors } from './booking-form';
import { Step, StepButtons, STEP_TEXTS } from './step';

export const SERVICE_STEP_TEXTS = {
  title: 'Elija el servicio',
  item: 'Servicio o paquete',
  package: 'Paquete',
  sizeHint: 'La duración de la visita depende del tamaño.',
} as const;

const FIELDS = ['item', 'talla'] as const;
type Field = (typeof FIELDS)[number];

const SIZE_OPTIONS = PET_SIZES.map((value) => ({ value, label: PET_SIZE_LABELS[value] }));

export interface ServiceStepProps {
  salon: BookingSalon;
  chosen: ServiceChoice | null;
  focus: boolean;
  onChosen(choice: ServiceChoice): void;
}

/** Step 1: the service or package (price and length for the size), the size, the groomer. */
export function ServiceStep({ salon, chosen, focus, onChosen }: ServiceStepProps) {
  const [item, setItem] = useState(chosen ? itemKey(chosen.item) : '');
  const [talla, setTalla] = useState<PetSize | ''>(chosen?.talla ?? '');
  const [emp, setEmp] = useState(chosen?.emp ? String(chosen.emp) : '');
  const [errors, setErrors] = useState<StepErrors<Field>>({});
  const form = useRef<HTMLFormElement>(null);
  const focusField = useFocusByName(form);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const offered = salon.items.find((candidate) => itemKey(candidate) === item);
    const found: StepErrors<Field> = {
      item: offered ? undefined : ONLINE_BOOKING_MESSAGES.itemRequired,
      talla: talla ? undefined : ONLINE_BOOKING_MESSAGES.sizeRequired,
    };
    setErrors(found);
    if (!offered || !talla) {
      focusField(firstError(FIELDS, found));
      return;
    }
    onChosen({ item: offered, talla, emp: emp ? Number(emp) : null });
  };

  return (
    <Step id="paso-servicio" number={1} title={SERVICE_STEP_TEXTS.title} focus={focus}>
      <form ref={form} noValidate onSubmit={submit}>
        <div className="item-cards">
          <RadioGroup
            name="item"
            label={SERVICE_STEP_TEXTS.item}
            required
            value={item}
            options={salon.items.map((offered) => ({
              value: itemKey(offered),
              label: (
                <>
                  <span className="item-name">
                    {offered.nombre}
                    {offered.tipo === 'paquete' && (
                      <span className="tag">{SERVICE_STEP_TEXTS.package}</span>
                    )}
                  </span>
                  <span className="item-meta">{itemPriceAndLength(offered, talla || null)}</span>
                </>
              ),
              description: offered.descripcion,
            }))}
            onChange={(value) => {
              setItem(value);
              setErrors((known) => ({ ...known, item: undefined }));
            }}
            error={errors.item}
          />
        </div>
        <RadioGroup
          name="talla"
          label={CHOICE_TEXTS.size}
          required
          inline
          value={talla}
          options={SIZE_OPTIONS}
          onChange={(value) => {
            setTalla(value);
            setErrors((known) => ({ ...known, talla: undefined }));
          }}
          error={errors.talla}
        />
        <p className="hint size-hint">{SERVICE_STEP_TEXTS.sizeHint}</p>
        {salon.groomers.length > 0 && (
          <SelectField
            name="emp"
            label={CHOICE_TEXTS.groomer}
            value={emp}
            options={[
              { value: '', label: CHOICE_TEXTS.anyGroomer },
              ...salon.groomers.map((groomer) => ({
                value: String(groomer.id_emp),
                label: groomer.nombre,
              })),
            ]}
            onChange={setEmp}
          />
        )}
        <StepButtons next={STEP_TEXTS.next} />
      </form>
    </Step>
  );
}
