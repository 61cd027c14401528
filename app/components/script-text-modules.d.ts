/** A script file's minified text (server/inline-script-vite-plugin.ts). */
declare module "*.script.js?inline-script" {
  const code: string;
  export default code;
}
