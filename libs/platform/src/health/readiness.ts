export interface ReadinessCheck {
  name: string;
  /** resolves when the dependency is reachable, rejects with the reason otherwise */
  check(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
