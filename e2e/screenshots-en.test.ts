import { describeGallery } from './support/index.ts';

// The main pages in English, at desktop and phone width, against their committed baselines (docs/screenshots.md).
describeGallery('en');
