// Business constants of the shell (spec part 1 §9).
export const LOADING_OVERLAY_DELAY_MS = 500;
export const ALERT_DURATION_SECONDS = 2;
// Space kept free beside the breadcrumb before its middle items fold into a dropdown.
export const BREADCRUMB_RESERVED_PX = 100;
// Variable tables ask the server again this long after typing in their filter stops.
export const VARIABLE_TABLE_FILTER_DEBOUNCE_MS = 500;
