// Phaser's source modules (CommonJS) as games/shared/phaser-runtime.ts imports them; their types
// come from the `phaser` package through games/shared/phaser.ts.
declare module 'phaser-src/*' {
  const phaserModule: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  export default phaserModule;
}
