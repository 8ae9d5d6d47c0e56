export { cutActuations, MAX_ACTUATION_MS, type ActuationSpan, type SignalPoint } from './actuation-cutter';
export { classifyActuation, torqueProfile, type ActuationSignals } from './actuation-classifier';
export { learnNormalCurve, NORMAL_CURVE_DEFAULT_ACTUATIONS } from './normal-curve';
