// The UI's words in Chinese and English, chosen by the deck's `htmlAttrs.lang`.

const zh = {
  prev: '上一步',
  next: '下一步',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  dark: '切换深色模式',
  darkForced: '配色由演示文稿固定',
  overview: '幻灯片总览',
  goto: '跳转到幻灯片',
  drawing: '画笔工具',
  scaleFit: '缩放：适应窗口',
  scaleOne: '缩放：1:1',
  info: '关于',
  download: '下载 PDF',
  presenter: '演讲者模式',
  play: '播放模式',
  presenterCursor: '显示演讲者光标',
  presenterLayout: '切换演讲者布局',
  editor: '编辑器',
  slideOf: (no: number, total: number) => `第 ${no} / ${total} 张`,
  close: '关闭',
  navigation: '幻灯片导航',
  progress: '进度',
}

export type Labels = typeof zh

const en: Labels = {
  prev: 'Previous',
  next: 'Next',
  fullscreen: 'Fullscreen',
  exitFullscreen: 'Exit fullscreen',
  dark: 'Toggle dark mode',
  darkForced: 'Colour scheme fixed by the deck',
  overview: 'Slides overview',
  goto: 'Go to slide',
  drawing: 'Drawing tools',
  scaleFit: 'Scale: fit window',
  scaleOne: 'Scale: 1:1',
  info: 'About',
  download: 'Download PDF',
  presenter: 'Presenter mode',
  play: 'Play mode',
  presenterCursor: 'Show presenter cursor',
  presenterLayout: 'Toggle presenter layout',
  editor: 'Editor',
  slideOf: (no: number, total: number) => `Slide ${no} / ${total}`,
  close: 'Close',
  navigation: 'Slide navigation',
  progress: 'Progress',
}

export function labelsFor(lang: string | undefined): Labels {
  return lang?.toLowerCase().startsWith('zh') ? zh : en
}
