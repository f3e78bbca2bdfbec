import { PRODUCT_FILE_COLUMNS } from '@app/domain';

/** What the 'Productos' screen and its dialogs say (the domain holds the server's messages). */
export const PRODUCT_TEXTS = {
  title: 'Lista de Productos',
  add: 'Añadir Producto',
  registerTitle: 'Registrar Producto',
  editTitle: 'Editar Producto',
  formErrorTitle: 'Error en Productos',
  subject: 'este producto',
  empty: 'No se encontraron productos.',
  lowStock: 'Stock bajo',
  import: 'Importar',

  movement: 'Registrar movimiento',
  movementErrorTitle: 'Error al registrar el movimiento',
  movementSubmit: 'Registrar',
  currentStock: (stock: number) => `Stock actual: ${stock}`,
  quantity: 'Cantidad',
  counted: 'Stock contado',

  history: 'Ver movimientos',
  historyTitle: (name: string) => `Movimientos de ${name}`,
  historyEmpty: 'El producto no tiene movimientos de stock.',
  historyLoadError: 'No se pudieron cargar los movimientos',
  close: 'Cerrar',
  cancel: 'Cancelar',

  importTitle: 'Importar productos',
  importErrorTitle: 'Error al importar los productos',
  importColumns: `Columnas esperadas, en la primera fila: ${PRODUCT_FILE_COLUMNS.join(', ')}.`,
  importHint:
    'Un SKU que ya existe actualiza ese producto (y su stock, si la columna stock trae un valor); uno nuevo lo registra. Se importan todas las filas o ninguna.',
  chooseFile: 'Elegir archivo (CSV o Excel)',
  fileInput: 'Archivo de productos',
  noFile: 'Ningún archivo elegido',
  preview: 'Vista previa',
  importSubmit: 'Importar',
  counts: (valid: number, wrong: number) => `Válidas: ${valid} · Con errores: ${wrong}`,
  fixFirst: 'Corrija las filas con errores en el archivo y vuelva a elegirlo.',
  actions: { nuevo: 'Nuevo', actualizar: 'Actualizar' },
  noErrors: 'Sin errores',
} as const;
