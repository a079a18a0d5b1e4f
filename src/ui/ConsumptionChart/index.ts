export * from './ConsumptionChart'
export * from './ResponsiveConsumptionChart'
