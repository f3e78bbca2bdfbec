import { SERVICE_MESSAGES, servicesResource, type Service } from '@app/domain';
import { CrudPage, type CrudConfig } from '../../crud';
import { catalogueConfig } from './catalogue-config';

const servicesConfig: CrudConfig<Service> = {
  ...catalogueConfig<Service>({
    resource: servicesResource,
    noun: 'Servicio',
    subject: 'este servicio',
    item: (s) => ({
      id: s.id_srv,
      nombre: s.nom_srv,
      descripcion: s.desc_srv,
      precio: s.precio_srv,
      duracion: s.duracion,
      minutos_talla: s.minutos_talla,
      adelanto: s.adelanto,
      estado: s.id_est,
    }),
    errorTitles: {
      form: SERVICE_MESSAGES.formErrorTitle,
      status: SERVICE_MESSAGES.statusErrorTitle,
    },
  }),
  loadErrorText: SERVICE_MESSAGES.loadWarning,
};

export function ServicesPage() {
  return <CrudPage config={servicesConfig} />;
}
