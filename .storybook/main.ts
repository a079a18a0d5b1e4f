import type { StorybookConfig } from '@storybook/react-vite'
import type { PluginOption } from 'vite'

/** The app's build step that writes a .br and .gz beside every file: the server's, not Storybook's. */
function isPrecompress(plugin: PluginOption) {
  return (
    typeof plugin === 'object' &&
    plugin !== null &&
    'name' in plugin &&
    plugin.name === 'precompress'
  )
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest', 'msw-storybook-addon'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  /*
   * The built Storybook (npm run build-storybook, built again in every `npm test`) skips what only
   * the app's build needs: compressed copies of every file for the API server, and gzip sizes in
   * the log.
   */
  viteFinal: (viteConfig, { configType }) =>
    configType === 'PRODUCTION'
      ? {
          ...viteConfig,
          plugins: (viteConfig.plugins ?? []).filter((plugin) => !isPrecompress(plugin)),
          build: { ...viteConfig.build, reportCompressedSize: false },
        }
      : viteConfig,
}
export default config
