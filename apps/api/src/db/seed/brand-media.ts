/**
 * Makes the demo clinics' brand media under apps/web/public/brands/{slug}/: the signup and product-signup
 * pictures (WebP), and the welcome widget's introduction (an H.264/AAC MP4 narrated by eSpeak NG, its poster
 * and its WebVTT captions, timed on the narration). The files are committed; run this only to remake them:
 *
 *   node --import tsx apps/api/src/db/seed/brand-media.ts     (needs ffmpeg, ffprobe and espeak-ng)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { BLUECREST, EVERGREEN, welcomeNarration } from './brands';

const PUBLIC_BRANDS = fileURLToPath(new URL('../../../../web/public/brands/', import.meta.url));

interface Palette {
  slug: string;
  name: string;
  primary: string;
  light: string;
  dark: string;
  accent: string;
}

const PALETTES: Palette[] = [
  {
    slug: EVERGREEN.slug,
    name: EVERGREEN.name,
    primary: EVERGREEN.primaryColor,
    light: '#d9f0e4',
    dark: '#0a4f37',
    accent: '#f6c68b',
  },
  {
    slug: BLUECREST.slug,
    name: BLUECREST.name,
    primary: BLUECREST.primaryColor,
    light: '#dfe6fb',
    dark: '#18276b',
    accent: '#9fd6f2',
  },
];

/** Soft hills under a sun: the signup screen's picture (portrait, like the login hero). */
function signupSvg(p: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600" viewBox="0 0 1200 1600">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.light}"/><stop offset="0.7" stop-color="#fff7ea"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="1600" fill="url(#sky)"/>
  <circle cx="820" cy="520" r="170" fill="${p.accent}" opacity="0.85"/>
  <path d="M0 980 C 260 860 520 900 760 1000 S 1100 1060 1200 980 V1600 H0Z" fill="${p.primary}" opacity="0.45"/>
  <path d="M0 1140 C 300 1040 640 1080 880 1160 S 1120 1220 1200 1180 V1600 H0Z" fill="${p.primary}" opacity="0.75"/>
  <path d="M0 1320 C 320 1240 700 1280 1200 1340 V1600 H0Z" fill="${p.dark}"/>
</svg>`;
}

/** Capsules and leaves over the brand colour: the product landing's picture. */
function productSignupSvg(p: Palette): string {
  const capsule = (x: number, y: number, angle: number, scale: number) =>
    `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})">
      <rect x="-120" y="-48" width="240" height="96" rx="48" fill="#fff"/>
      <rect x="0" y="-48" width="120" height="96" rx="48" fill="${p.accent}"/>
      <rect x="0" y="-48" width="40" height="96" fill="${p.accent}"/>
    </g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600" viewBox="0 0 1200 1600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.primary}"/><stop offset="1" stop-color="${p.dark}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="1600" fill="url(#bg)"/>
  <circle cx="600" cy="700" r="360" fill="#fff" opacity="0.08"/>
  <circle cx="600" cy="700" r="240" fill="#fff" opacity="0.08"/>
  ${capsule(480, 620, -30, 1.3)}
  ${capsule(760, 820, 20, 1)}
  ${capsule(420, 960, 10, 0.8)}
</svg>`;
}

/** One slide of the introduction: the brand's gradient with a line of text (1280 x 720). */
function slideSvg(p: Palette, title: string, line: string): string {
  const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.primary}"/><stop offset="1" stop-color="${p.dark}"/>
    </linearGradient>
  </defs>
  <rect width="1280" height="720" fill="url(#bg)"/>
  <circle cx="1080" cy="140" r="220" fill="${p.accent}" opacity="0.35"/>
  <text x="96" y="300" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#fff">${xml(title)}</text>
  <text x="96" y="390" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#fff">${xml(line)}</text>
</svg>`;
}

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });

function seconds(file: string): number {
  const out = run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number.parseFloat(out.toString().trim());
}

function vttTime(t: number): string {
  const ms = Math.round(t * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

async function brandMedia(p: Palette): Promise<void> {
  const dir = path.join(PUBLIC_BRANDS, p.slug);
  const webp = { quality: 72, effort: 6 };
  await sharp(Buffer.from(signupSvg(p)))
    .webp(webp)
    .toFile(path.join(dir, 'signup.webp'));
  await sharp(Buffer.from(productSignupSvg(p)))
    .webp(webp)
    .toFile(path.join(dir, 'product-signup.webp'));

  const lines = welcomeNarration(p.name);
  const work = mkdtempSync(path.join(tmpdir(), 'brand-media-'));
  try {
    const GAP = 0.5;
    let at = 0;
    const cues: string[] = [];
    const concat: string[] = [];
    for (const [i, line] of lines.entries()) {
      const wav = path.join(work, `line-${i}.wav`);
      run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', wav, line.spoken]);
      const length = seconds(wav);
      cues.push(`${i + 1}\n${vttTime(at + 0.1)} --> ${vttTime(at + length)}\n${line.spoken}`);
      const png = path.join(work, `slide-${i}.png`);
      await sharp(Buffer.from(slideSvg(p, line.title, line.slide)))
        .resize(640, 360)
        .png()
        .toFile(png);
      if (i === 0)
        await sharp(Buffer.from(slideSvg(p, line.title, line.slide)))
          .webp(webp)
          .toFile(path.join(dir, 'welcome-poster.webp'));
      concat.push(`file '${png}'\nduration ${(length + GAP).toFixed(3)}`);
      at += length + GAP;
    }
    // the concat demuxer needs the last image again to hold its duration
    concat.push(concat.at(-1)?.split('\n')[0] ?? '');
    writeFileSync(path.join(work, 'slides.txt'), concat.join('\n'));
    // the narration: each line followed by its gap of silence, as the slides are timed
    const audioInputs = lines.flatMap((_l, i) => ['-i', path.join(work, `line-${i}.wav`)]);
    const pads = lines.map((_l, i) => `[${i + 1}:a]apad=pad_dur=${GAP}[a${i}]`).join(';');
    const joined = lines.map((_l, i) => `[a${i}]`).join('');
    run('ffmpeg', [
      '-y',
      ...['-f', 'concat', '-safe', '0', '-i', path.join(work, 'slides.txt')],
      ...audioInputs,
      ...['-filter_complex', `${pads};${joined}concat=n=${lines.length}:v=0:a=1[aout]`],
      ...['-map', '0:v', '-map', '[aout]'],
      ...['-c:v', 'libx264', '-preset', 'veryslow', '-crf', '30', '-pix_fmt', 'yuv420p', '-r', '12'],
      ...['-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-movflags', '+faststart'],
      ...['-t', at.toFixed(3)],
      path.join(dir, 'welcome.mp4'),
    ]);
    writeFileSync(path.join(dir, 'welcome.en.vtt'), `WEBVTT\n\n${cues.join('\n\n')}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

for (const palette of PALETTES) await brandMedia(palette);
