import { printLastTimings } from './timings-format';
import { TIMINGS_FILE } from './timings-reporter';

printLastTimings(TIMINGS_FILE, Number(process.argv[2] ?? 30));
