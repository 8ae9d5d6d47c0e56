export {
  DEFAULT_MAX_POINTS_PER_BATCH,
  DEFAULT_SIMULATOR_SEED,
  PlantSimulator,
  type PlantSimulatorOptions,
  type SimulatedPoint,
  type SimulationRange,
} from './plant-simulator';
export { PLANT_CATALOG, VALVE_ASSETS, type ValveAsset } from './plant-catalog';
export {
  LOW_STEAM_PRESSURE_BAR,
  VALVE_FAULTS,
  valveTorqueLimit,
  type ValveActuation,
  type ValveFault,
  type ValveOperation,
} from './valve-actuation';
export { SimulatorModule } from './simulator.module';
