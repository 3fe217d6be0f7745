/**
 * Impact-metric naming as the server checks it and the safeguard form checks it before sending:
 * Prometheus' metric and label naming, with length bounds.
 */
export const METRIC_NAME = /^[A-Za-z_:][A-Za-z0-9_:]{0,99}$/;
export const LABEL_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Labels per sample, and per safeguard's label selector. */
export const MAX_LABELS_PER_SAMPLE = 8;
