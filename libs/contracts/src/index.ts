export * from './topics';
export * from './measurement';
export * from './variable';
export * from './explorer';
export * from './errors';
export * from './features';
