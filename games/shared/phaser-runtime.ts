// The trimmed Phaser the games run (issue 14): Phaser's own `phaser/src` modules, only what the
// three games and the shared scene use. Vite bundles this file wherever `phaser` is imported (see
// vite.config.ts), while TypeScript keeps the `phaser` package's types for games/shared/phaser.ts.
// Left out: the WebGL renderer (build/phaser-features-plugin.ts: the games draw on Canvas), the
// Loader, sound, tweens, timers, animations' plugins, physics, the keyboard and gamepad plugins
// (games/shared/keyboard.ts reads keys from the page), DOM elements, tilemaps.
// A game object the games start to use must have its factory added below, or `this.add.<name>`
// is undefined at run time.
// First, as Phaser's own entry points do: the renderer index (with WebGL on, its batch handlers
// and the index require each other, and the cycle only resolves when entered from the index).
import 'phaser-src/renderer';
import CONST from 'phaser-src/const';
import Extend from 'phaser-src/utils/object/Extend';
import Game from 'phaser-src/core/Game';
import CoreEvents from 'phaser-src/core/events';
import RendererEvents from 'phaser-src/renderer/events';
import Scene from 'phaser-src/scene/Scene';
import SceneEvents from 'phaser-src/scene/events';
import Scale from 'phaser-src/scale';
import Graphics from 'phaser-src/gameobjects/graphics/Graphics';
import Text from 'phaser-src/gameobjects/text/Text';
import Container from 'phaser-src/gameobjects/container/Container';
import Rectangle from 'phaser-src/gameobjects/shape/rectangle/Rectangle';
import Pointer from 'phaser-src/input/Pointer';
// Scene plugins register themselves when loaded; a scene gets only those that are registered.
import 'phaser-src/events/EventEmitter';
import 'phaser-src/cameras/2d/CameraManager';
import 'phaser-src/gameobjects/GameObjectCreator';
import 'phaser-src/gameobjects/GameObjectFactory';
import 'phaser-src/gameobjects/DisplayList';
import 'phaser-src/gameobjects/UpdateList';
import 'phaser-src/scene/ScenePlugin';
import 'phaser-src/input/InputPlugin';
// `this.add.graphics()`, `.text()`, `.container()` and `.rectangle()`.
import 'phaser-src/gameobjects/graphics/GraphicsFactory';
import 'phaser-src/gameobjects/text/TextFactory';
import 'phaser-src/gameobjects/container/ContainerFactory';
import 'phaser-src/gameobjects/shape/rectangle/RectangleFactory';

const Phaser = Extend(
  false,
  {
    Game,
    Scene,
    Scale,
    Core: { Events: CoreEvents },
    Renderer: { Events: RendererEvents },
    Scenes: { Events: SceneEvents },
    GameObjects: { Graphics, Text, Container, Rectangle },
    Input: { Pointer },
  },
  CONST,
);

export default Phaser;
