// The one app-wide Jotai store. Non-React code (Phaser scenes, the API client) reads and writes
// atoms through it; React gets it through <Provider store={appStore}>.
import { createStore } from 'jotai';

export const appStore = createStore();
