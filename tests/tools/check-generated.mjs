// Contract drift: regenerate the client from openapi.yaml and fail if anything committed differs.
import { execSync } from 'node:child_process'

const generated = ['src/api/__generated__']
execSync('npx openapi-ts', { stdio: ['ignore', 'ignore', 'inherit'] })
const drift = execSync(`git status --porcelain -- ${generated.join(' ')}`, {
  encoding: 'utf8',
}).trim()
if (drift) {
  console.error(
    'The generated client is out of step with openapi.yaml. Run `npm run generate` and commit:',
  )
  console.error(drift)
  process.exit(1)
}
console.log('Generated client matches openapi.yaml.')
