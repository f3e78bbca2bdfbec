export { productTransferModule } from './product-transfer';
export { moveStocks, productsModule, type StockMove } from './products';
