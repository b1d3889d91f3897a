import { describeGallery } from './support/index.ts';

// The main pages in Arabic, at desktop and phone width, against their committed baselines (docs/screenshots.md).
describeGallery('ar');
