/** A file Vite copies into the build, imported as its URL. */
declare module '*?url' {
  const url: string;
  export default url;
}
