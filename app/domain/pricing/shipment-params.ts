// The shipment form's parameter names, apart from the totals' rules
// (shipment.ts) so that the browser's bundle of the results page takes only
// these names, not the fee parsing and decimal arithmetic that run on the server.

/** The query parameter of a container type's count (FCL, rail, trailer). */
export const countParam = (priceKey: string) => `qty_${priceKey}`;
