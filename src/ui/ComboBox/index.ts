export * from './ComboBox'
