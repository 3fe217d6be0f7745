import pkg from '../../package.json' with { type: 'json' };

export const SWITCHYARD_VERSION: string = pkg.version;
