// The one module that imports Phaser (CONVENTIONS.md "Games"). Only game pages import the game
// host, and they load with their routes, so no other screen fetches Phaser.
import Phaser from 'phaser';

export { Phaser };
export type GameConfig = Phaser.Types.Core.GameConfig;
