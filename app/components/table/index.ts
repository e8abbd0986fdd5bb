// The paged-table components. Server side: ~/domain/table/paging.server.ts.
//   <FilterForm label>  GET form, debounced 500 ms with JS, resets to page 1
//     <SearchField label maxLength />   (?q=; other filters: <FilterField label>…</FilterField>)
//     <DateRangeFilter page={page} label=… />
//   </FilterForm>
//   <DataTable columns rows rowKey selection? actions? />
//   <Pager page={page} omit={["edit"]} />
// Styles: ~/styles/datatable.css (add it to the route's links).
export { Pager, HiddenParams } from "./Pager";
export { FilterForm, FilterField, SearchField, SEARCH_DEBOUNCE_MS } from "./FilterForm";
export { DateRangeFilter } from "./DateRangeFilter";
export { DataTable, type TableColumn, type RowSelection } from "./DataTable";
