// Groundstation's satellite, as the service (src/server.ts, src/cli) starts it.
export { startSatellite, type RunningSatellite, type SatelliteOptions } from './satellite.js';
export { runStandalone, settingsFromEnv, type StandaloneSettings } from './standalone.js';
