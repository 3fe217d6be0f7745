// A release plan's safeguard is checked as any impact-metric safeguard (impact-metrics domain).
export { assertStorableSafeguard, MAX_LABEL_SELECTORS, MAX_SELECTOR_VALUES } from '../impact-metrics';
