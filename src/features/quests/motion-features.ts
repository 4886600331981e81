// framer-motion's animation features, in their own chunk: LazyMotion loads them after the page.
import { domAnimation } from 'framer-motion';

export default domAnimation;
