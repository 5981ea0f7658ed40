/** Running as a deployed function (Netlify's build and runtime set these; local tools never do). */
export function isDeployed(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.NETLIFY === "true" || env.AWS_LAMBDA_FUNCTION_NAME);
}
