export { appendEvent, type NewEvent, type Queryable } from './event-store';
