export {
  DEFAULT_MAX_POINTS_PER_BATCH,
  DEFAULT_SIMULATOR_SEED,
  PlantSimulator,
  type PlantSimulatorOptions,
  type SimulatedPoint,
  type SimulatedActuation,
  type SimulationRange,
  type ValveDetail,
} from './plant-simulator';
export { PLANT_CATALOG, VALVE_ASSETS, type ValveAsset } from './plant-catalog';
export {
  VALVE_FAULT_CODES,
  VALVE_FAULTS,
  valveTorqueLimit,
  type ValveActuation,
  type ValveRamp,
  type ValveFault,
  type ValveOperation,
} from './valve-actuation';
export { SimulatorModule } from './simulator.module';
