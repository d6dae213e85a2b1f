export { PagerView, type PagerViewProps } from './pager.js';
export { pagerKeyAction } from './pager-keys.js';
export { openPager, matchSegments, pagerReducer, promptLine, shownRows, atEnd, fitsOneScreen, type PagerState, type PagerAction } from './pager-state.js';
