export * from './QuickAnalysis'
