import type { ChangeEvent, MouseEvent, ReactNode } from 'react';
import type { CSSObject, Theme } from '@mui/material/styles';
import { tableCellClasses } from '@mui/material/TableCell';
import { Link as RouterLink } from 'react-router-dom';
import type { AppIcon } from '../icons.js';
import { UI_MESSAGES } from '../messages.js';

/*
 * Row parts: what a DataTable cell holds (icon buttons, chips, captions, a link, a checkbox, an
 * icon, a count badge) drawn as plain elements with class names. MUI's IconButton, Tooltip, Chip,
 * Typography, Checkbox, Badge and SvgIcon are styled components whose styles emotion serialises
 * on every render, ~1,000 of them for a list of 50 orders; these classes are styled once by the
 * DataTable (`rowPartStyles`, in its table and phone-card style sets) to look like their MUI
 * counterparts. The tooltip is the table's one shared tooltip, read from `data-tooltip`.
 */

/** Class names of the row parts (styled by `rowPartStyles`). */
const C = {
  group: 'RowPart-group',
  inline: 'RowPart-inline',
  gap: { 0: 'RowPart-gap0', 4: 'RowPart-gap4', 8: 'RowPart-gap8' },
  button: 'RowPart-iconButton',
  icon: 'RowPart-icon',
  iconSmall: 'RowPart-iconSmall',
  iconColor: { action: 'RowPart-iconAction', primary: 'RowPart-iconPrimary', error: 'RowPart-iconError' },
  chip: 'RowPart-chip',
  chipOutlined: 'RowPart-chipOutlined',
  chipColor: { default: '', error: 'RowPart-chipError', secondary: 'RowPart-chipSecondary' },
  newBadge: 'RowPart-newBadge',
  caption: 'RowPart-caption',
  captionError: 'RowPart-captionError',
  block: 'RowPart-block',
  line: 'RowPart-line',
  link: 'RowPart-link',
  checkbox: 'RowPart-checkbox',
  badgeRoot: 'RowPart-badgeRoot',
  badge: 'RowPart-badge',
} as const;

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A row button's least size for a finger (`pointer: coarse`; a mouse keeps MUI's small 30 px). */
const ROW_BUTTON_TOUCH = '44px';

/**
 * The row parts' one style set, as MUI draws IconButton (size small), SvgIcon, Chip (size small),
 * Typography (caption), Link, Badge and a checkbox. Spread into the sx of the element that holds
 * the rows (the DataTable's table and its phone cards). Lengths are strings: in an `sx` a number
 * would be read as theme spacing or a multiple of the border radius.
 */
export function rowPartStyles(theme: Theme): CSSObject {
  const { palette, typography } = theme;
  const caption = typography.caption;
  return {
    [`& .${C.group}`]: { display: 'flex', flexWrap: 'wrap', alignItems: 'center' },
    [`& .${C.inline}`]: { display: 'inline-flex', alignItems: 'center' },
    [`& .${C.gap[4]}`]: { gap: '4px' },
    [`& .${C.gap[8]}`]: { gap: '8px' },
    [`& .${C.icon}`]: {
      userSelect: 'none',
      width: '1em',
      height: '1em',
      display: 'inline-block',
      flexShrink: 0,
      fill: 'currentColor',
      fontSize: typography.pxToRem(24),
      verticalAlign: 'middle',
    },
    [`& .${C.iconSmall}`]: { fontSize: typography.pxToRem(20) },
    [`& .${C.iconColor.action}`]: { color: palette.action.active },
    [`& .${C.iconColor.primary}`]: { color: palette.primary.main },
    [`& .${C.iconColor.error}`]: { color: palette.error.main },
    [`& .${C.button}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      position: 'relative',
      boxSizing: 'border-box',
      flex: '0 0 auto',
      margin: 0,
      border: 'none',
      padding: '5px',
      borderRadius: '50%',
      backgroundColor: 'transparent',
      color: palette.action.active,
      fontSize: typography.pxToRem(18),
      textDecoration: 'none',
      verticalAlign: 'middle',
      cursor: 'pointer',
      userSelect: 'none',
      outline: 0,
      WebkitTapHighlightColor: 'transparent',
      appearance: 'none',
      transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
      '&::-moz-focus-inner': { borderStyle: 'none' },
      '&:hover': { backgroundColor: palette.action.hover, '@media (hover: none)': { backgroundColor: 'transparent' } },
      // MUI marks keyboard focus with a pulsing ripple; a ring says the same without the ripple's elements.
      '&:focus-visible': { backgroundColor: palette.action.focus, outline: `2px solid ${palette.primary.main}`, outlineOffset: 0 },
      '&:disabled, &[aria-disabled="true"]': { color: palette.action.disabled, backgroundColor: 'transparent', cursor: 'default' },
      '@media print': { colorAdjust: 'exact' },
      // A finger needs 44 × 44 px (WCAG 2.5.5); a mouse keeps MUI's small size.
      '@media (pointer: coarse)': { minWidth: ROW_BUTTON_TOUCH, minHeight: ROW_BUTTON_TOUCH },
    },
    [`& .${C.chip}`]: {
      display: 'inline-block',
      boxSizing: 'border-box',
      maxWidth: '100%',
      height: '24px',
      padding: '0 8px',
      borderRadius: '16px',
      border: 'none',
      fontFamily: typography.fontFamily,
      fontSize: typography.pxToRem(13),
      fontWeight: typography.fontWeightRegular,
      lineHeight: '24px',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      verticalAlign: 'middle',
      color: palette.text.primary,
      backgroundColor: palette.action.selected,
    },
    [`& .${C.chipOutlined}`]: {
      padding: '0 7px',
      lineHeight: '22px',
      backgroundColor: 'transparent',
      border: `1px solid ${palette.mode === 'light' ? palette.grey[400] : palette.grey[700]}`,
    },
    [`& .${C.chipColor.error}`]: { backgroundColor: palette.error.main, color: palette.error.contrastText },
    [`& .${C.chipColor.secondary}`]: { backgroundColor: palette.secondary.main, color: palette.secondary.contrastText },
    [`& .${C.chipOutlined}.${C.chipColor.error}`]: { backgroundColor: 'transparent', color: palette.error.main, borderColor: theme.alpha(palette.error.main, 0.7) },
    [`& .${C.newBadge}`]: { height: '20px', lineHeight: '20px', marginLeft: '8px' },
    [`& .${C.caption}`]: {
      margin: 0,
      fontFamily: caption.fontFamily,
      fontWeight: caption.fontWeight,
      fontSize: caption.fontSize,
      lineHeight: caption.lineHeight,
      letterSpacing: caption.letterSpacing,
      color: palette.text.secondary,
    },
    [`& .${C.captionError}`]: { color: palette.error.dark },
    [`& .${C.block}`]: { display: 'block' },
    [`& .${C.link}`]: {
      margin: 0,
      font: 'inherit',
      letterSpacing: 'inherit',
      color: palette.primary.main,
      textDecoration: 'underline',
      textDecorationColor: theme.alpha(palette.primary.main, 0.4),
      '&:hover': { textDecorationColor: 'inherit' },
    },
    [`& .${C.checkbox}`]: {
      display: 'block',
      width: '18px',
      height: '18px',
      // MUI's small Checkbox: an 18 px box in a 20 px icon with 9 px padding around it…
      margin: '10px',
      accentColor: palette.primary.main,
      cursor: 'pointer',
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: '2px' },
      '&:disabled': { cursor: 'default' },
      '@media (pointer: coarse)': { width: '24px', height: '24px' },
    },
    // … and no padding in a narrow (`padding="checkbox"`) cell, as the table sets it for MUI's.
    [`& td.${tableCellClasses.paddingCheckbox} > .${C.checkbox}`]: { margin: '1px' },
    [`& .${C.badgeRoot}`]: { position: 'relative', display: 'inline-flex', verticalAlign: 'middle', flexShrink: 0 },
    [`& .${C.badge}`]: {
      position: 'absolute',
      top: 0,
      right: 0,
      zIndex: 1,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      boxSizing: 'border-box',
      minWidth: '20px',
      height: '20px',
      padding: '0 6px',
      borderRadius: '10px',
      fontFamily: typography.fontFamily,
      fontWeight: typography.fontWeightMedium,
      fontSize: typography.pxToRem(12),
      lineHeight: 1,
      whiteSpace: 'nowrap',
      backgroundColor: palette.secondary.main,
      color: palette.secondary.contrastText,
      transform: 'scale(1) translate(50%, -50%)',
      transformOrigin: '100% 0%',
    },
  };
}

/**
 * The row parts in a table's compact rows (`DataTableProps.compact`) inside `cells` (a selector):
 * 20 px chips and captions, and each line of a cell (its value, a block caption, a `RowLine`) on
 * one line, cut with an ellipsis. Added after `rowPartStyles`, whose keys it must not repeat.
 */
export function compactRowPartStyles(cells: string): CSSObject {
  return {
    [`${cells} .${C.chip}`]: { height: '20px', lineHeight: '20px' },
    [`${cells} .${C.chipOutlined}`]: { lineHeight: '18px' },
    [`${cells} .${C.caption}`]: { lineHeight: '20px' },
    // A group stays on its line (its width is what the column needs at least).
    [`${cells} .${C.group}`]: { flexWrap: 'nowrap' },
    [`${cells} .${C.block}, ${cells} .${C.line}`]: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  };
}

export type RowIconColor = keyof typeof C.iconColor;

export interface RowIconProps {
  icon: AppIcon;
  /** 'small' (1.25rem) as MUI's `fontSize="small"`, else 1.5rem. */
  size?: 'small' | 'medium';
  color?: RowIconColor;
  /** Makes the icon an image with this name (and tooltip); without it the icon is decoration. */
  title?: string;
}

/** An icon of `icons.tsx` as a raw `<svg>` (MUI's SvgIcon look, without its styled component). */
export function RowIcon({ icon, size = 'small', color, title }: RowIconProps) {
  const className = classes(C.icon, size === 'small' && C.iconSmall, color && C.iconColor[color]);
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      focusable="false"
      {...(title ? { role: 'img', 'aria-label': title, 'data-tooltip': title } : { 'aria-hidden': true })}
    >
      <path d={icon.path} />
    </svg>
  );
}

export interface RowIconButtonProps {
  /** German name: the button's accessible name and its tooltip. */
  label: string;
  icon: AppIcon;
  iconSize?: 'small' | 'medium';
  iconColor?: RowIconColor;
  /** The click (its event's `currentTarget` anchors e.g. a menu). */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Makes the button a link (react-router) to this path. */
  to?: string;
  disabled?: boolean;
  /**
   * Why the action is not possible for this row: the button stays in its place, greyed out and
   * inert but focusable, and its tooltip (and accessible description) gives the reason.
   */
  disabledReason?: string;
  /** Shows the label as the table's tooltip (default); false for a button whose icon says enough. */
  tooltip?: boolean;
  'aria-expanded'?: boolean;
  /** The button opens a menu (e.g. "Weitere Aktionen"). */
  'aria-haspopup'?: 'menu';
  'aria-controls'?: string;
}

/** A small round icon button (MUI's `IconButton size="small"`) with its name as tooltip; a link when `to` is given. */
export function RowIconButton({
  label,
  icon,
  iconSize = 'small',
  iconColor,
  onClick,
  to,
  disabled,
  disabledReason,
  tooltip = true,
  'aria-expanded': expanded,
  'aria-haspopup': hasPopup,
  'aria-controls': controls,
}: RowIconButtonProps) {
  const content = <RowIcon icon={icon} size={iconSize} color={iconColor} />;
  const tip = tooltip ? label : undefined;
  if (disabledReason)
    return (
      <button type="button" className={C.button} aria-label={label} aria-disabled="true" aria-description={disabledReason} data-tooltip={`${label}: ${disabledReason}`}>
        {content}
      </button>
    );
  if (to)
    return (
      <RouterLink className={C.button} to={to} aria-label={label} data-tooltip={tip}>
        {content}
      </RouterLink>
    );
  return (
    <button
      type="button"
      className={C.button}
      aria-label={label}
      data-tooltip={tip}
      aria-expanded={expanded}
      aria-haspopup={hasPopup}
      aria-controls={controls}
      onClick={onClick}
      disabled={disabled}
    >
      {content}
    </button>
  );
}

export interface RowChipProps {
  label: string;
  color?: keyof typeof C.chipColor;
  variant?: 'filled' | 'outlined';
}

/** A small chip (MUI's `Chip size="small"`): 24 px high, rounded, 0.8125rem. */
export function RowChip({ label, color = 'default', variant = 'filled' }: RowChipProps) {
  return <span className={classes(C.chip, variant === 'outlined' && C.chipOutlined, C.chipColor[color])}>{label}</span>;
}

/** The "neu" mark of a record the user has not opened yet (the row version of `NewBadge`). */
export function RowNewBadge() {
  return <span className={classes(C.chip, C.chipColor.secondary, C.newBadge)}>{UI_MESSAGES.newBadge}</span>;
}

export interface RowCaptionProps {
  children: ReactNode;
  /** 'error' for a warning (error.dark), else text.secondary. */
  color?: 'secondary' | 'error';
  /** A line of its own (a `<div>`), e.g. under a cell's main value. */
  block?: boolean;
}

/** Caption text (MUI's `Typography variant="caption"`). */
export function RowCaption({ children, color = 'secondary', block }: RowCaptionProps) {
  const className = classes(C.caption, color === 'error' && C.captionError, block && C.block);
  return block ? <div className={className}>{children}</div> : <span className={className}>{children}</span>;
}

/** A line of its own in a cell (cut with an ellipsis in compact rows; `title` then tells the whole text). */
export function RowLine({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <div className={C.line} title={title}>
      {children}
    </div>
  );
}

/** A link in the primary colour, underlined (MUI's `Link`), to a path of the app. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <RouterLink className={C.link} to={to}>
      {children}
    </RouterLink>
  );
}

export interface RowCheckboxProps {
  /** Accessible name (no visible label in a row). */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A native checkbox in the primary colour, 18 px. */
export function RowCheckbox({ label, checked, onChange, disabled }: RowCheckboxProps) {
  return (
    <input
      type="checkbox"
      className={C.checkbox}
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.checked)}
    />
  );
}

export interface RowGroupProps {
  children: ReactNode;
  /** Space between the parts in px. */
  gap?: 0 | 4 | 8;
  /** On one line in the text flow (a `<span>`, inline-flex); else a wrapping flex `<div>`. */
  inline?: boolean;
  /** Width at which the parts wrap to the next line. */
  maxWidth?: number;
  'aria-label'?: string;
}

/** Parts side by side, centred on one line (wrapping unless `inline`). */
export function RowGroup({ children, gap = 0, inline, maxWidth, 'aria-label': label }: RowGroupProps) {
  const className = classes(inline ? C.inline : C.group, gap > 0 && C.gap[gap]);
  const style = maxWidth === undefined ? undefined : { maxWidth };
  return inline ? (
    <span className={className} style={style} aria-label={label}>
      {children}
    </span>
  ) : (
    <div className={className} style={style} aria-label={label}>
      {children}
    </div>
  );
}

/** A count in a red badge on the corner of its child (MUI's `Badge color="secondary"`); no badge at 0. */
export function RowBadge({ count, max = 99, children }: { count: number; max?: number; children: ReactNode }) {
  return (
    <span className={C.badgeRoot}>
      {children}
      {count > 0 && <span className={C.badge}>{count > max ? `${max}+` : count}</span>}
    </span>
  );
}
