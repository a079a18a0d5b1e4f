export * from './ConsumptionChart'
