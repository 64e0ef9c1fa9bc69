// The design system: every page builds from these primitives.
export { Avatar, avatarUrl, type AvatarProps } from './avatar';
export { Badge, STATUS_TONES, type BadgeProps, type BadgeStatus, type BadgeTone } from './badge';
export { Button, ButtonLink, buttonClasses, type ButtonProps, type ButtonLinkProps, type ButtonSize, type ButtonVariant } from './button';
export { Card, CardText, CardTitle, type CardProps } from './card';
export { Checkbox, type CheckboxProps } from './checkbox';
export { Dialog, DIALOG_CLOSE_MS, type DialogProps } from './dialog';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Field, controlClasses, useFieldControl, type FieldProps } from './field';
export { Input, type InputProps } from './input';
export { PasswordInput, type PasswordInputProps } from './password-input';
export { Select, type SelectOption, type SelectProps } from './select';
export { PageSkeleton, Skeleton } from './skeleton';
export { Spinner, type SpinnerProps } from './spinner';
export { Tabs, type TabItem, type TabsProps } from './tabs';
export { Textarea } from './textarea';
export { Toggle, type ToggleProps } from './toggle';
export { toast } from './toast';
export { Toaster } from './toaster';
