import { defineConfig } from '@pandacss/dev';
import { recipes, slotRecipes } from './src/web/ui/recipes';

export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  // Parts are styled only through recipes, so the generated components take no style props (and ship
  // no list of CSS properties to tell them apart).
  jsxStyleProps: 'none',
  include: ['./src/web/**/*.{ts,tsx}', './stories/**/*.{ts,tsx}'],
  exclude: ['./src/web/styled-system/**'],
  outdir: 'src/web/styled-system',
  importMap: 'styled-system',
  strictTokens: true,
  // Components pick variants from props at run time, which static extraction cannot see.
  staticCss: { recipes: '*' },
  globalCss: {
    'html, body': {
      fontFamily: 'body',
      color: 'fg.default',
      bg: 'bg.canvas',
      lineHeight: 'normal',
    },
  },
  theme: {
    extend: {
      tokens: {
        colors: {
          teal: {
            50: { value: '#effaf8' },
            100: { value: '#d6f2ec' },
            200: { value: '#ace4d9' },
            500: { value: '#0f8f7a' },
            600: { value: '#0b7564' },
            700: { value: '#0a5e51' },
            900: { value: '#073b33' },
          },
          gray: {
            0: { value: '#ffffff' },
            50: { value: '#f7f8f9' },
            100: { value: '#eef0f2' },
            200: { value: '#dde1e5' },
            400: { value: '#9aa3ad' },
            600: { value: '#5b6570' },
            800: { value: '#2b3138' },
            900: { value: '#16191d' },
          },
          red: {
            50: { value: '#fdf1f1' },
            200: { value: '#f3c2c2' },
            600: { value: '#c22b2b' },
            700: { value: '#9e2020' },
          },
          blue: {
            50: { value: '#eff5fc' },
            200: { value: '#bcd4f0' },
            600: { value: '#2463b0' },
            800: { value: '#173f70' },
          },
          sand: {
            100: { value: '#efeae2' },
          },
        },
        fonts: {
          body: { value: '"DejaVu Sans", "Helvetica Neue", Arial, sans-serif' },
          heading: { value: '"DejaVu Sans", "Helvetica Neue", Arial, sans-serif' },
          mono: { value: '"DejaVu Sans Mono", ui-monospace, monospace' },
        },
        radii: {
          sm: { value: '4px' },
          md: { value: '8px' },
          lg: { value: '12px' },
          full: { value: '9999px' },
        },
        sizes: {
          sidebar: { value: '240px' },
          form: { value: '360px' },
          icon: { value: '20px' },
          spinner: { value: '48px' },
        },
        durations: {
          fast: { value: '120ms' },
          slow: { value: '1200ms' },
        },
      },
      semanticTokens: {
        colors: {
          fg: {
            default: { value: '{colors.gray.900}' },
            muted: { value: '{colors.gray.600}' },
            subtle: { value: '{colors.gray.400}' },
            inverted: { value: '{colors.gray.0}' },
          },
          bg: {
            canvas: { value: '{colors.gray.50}' },
            surface: { value: '{colors.gray.0}' },
            muted: { value: '{colors.gray.100}' },
            overlay: { value: 'color-mix(in srgb, {colors.gray.900} 50%, transparent)' },
          },
          border: {
            default: { value: '{colors.gray.200}' },
            strong: { value: '{colors.gray.400}' },
          },
          // Tones: what a status means to the merchant. Badges, banners and buttons pick one with
          // `colorPalette` and read `colorPalette.subtle` (tinted background), `.text` (text on it or
          // on the surface), `.border`, and for solid fills `.default`, `.emphasized` (hover) and `.fg`.
          neutral: {
            subtle: { value: '{colors.gray.100}' },
            text: { value: '{colors.gray.600}' },
            border: { value: '{colors.gray.200}' },
          },
          info: {
            subtle: { value: '{colors.blue.50}' },
            text: { value: '{colors.blue.800}' },
            border: { value: '{colors.blue.600}' },
          },
          success: {
            subtle: { value: '{colors.green.50}' },
            text: { value: '{colors.green.800}' },
            border: { value: '{colors.green.600}' },
          },
          warning: {
            subtle: { value: '{colors.amber.50}' },
            text: { value: '{colors.amber.800}' },
            border: { value: '{colors.amber.500}' },
          },
          danger: {
            subtle: { value: '{colors.red.50}' },
            text: { value: '{colors.red.700}' },
            border: { value: '{colors.red.600}' },
            default: { value: '{colors.red.600}' },
            emphasized: { value: '{colors.red.700}' },
            fg: { value: '{colors.gray.0}' },
          },
          chat: {
            canvas: { value: '{colors.sand.100}' },
            link: { value: '{colors.blue.600}' },
          },
          accent: {
            subtle: { value: '{colors.teal.50}' },
            muted: { value: '{colors.teal.100}' },
            default: { value: '{colors.teal.600}' },
            emphasized: { value: '{colors.teal.700}' },
            fg: { value: '{colors.gray.0}' },
            text: { value: '{colors.teal.700}' },
            focus: { value: '{colors.teal.500}' },
          },
        },
      },
      // Typography of headings and notes, so no screen hand-styles a title.
      textStyles: {
        pageTitle: { value: { fontSize: '2xl', fontWeight: 'bold' } },
        sectionTitle: { value: { fontSize: 'lg', fontWeight: 'semibold' } },
        groupTitle: { value: { fontSize: 'md', fontWeight: 'semibold' } },
        note: { value: { fontSize: 'sm' } },
      },
      recipes,
      slotRecipes,
    },
  },
});
