const STAND_INS = {
  electron: './electron-stand-in.mjs',
  'electron-updater': './electron-updater-stand-in.mjs',
};

export async function resolve(specifier, context, next) {
  const standIn = STAND_INS[specifier];
  if (standIn !== undefined) return { url: new URL(standIn, import.meta.url).href, shortCircuit: true };
  return next(specifier, context);
}
