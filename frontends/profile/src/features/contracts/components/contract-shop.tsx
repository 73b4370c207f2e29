import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type ContractDto, type ContractOptionChange, formatCents, OPTION_INTERVAL_LABELS, type ShopProductDto } from '@mediport/contracts/shop';
import { CloseIcon, ConfirmDialog } from '@mediport/ui';
import { requestKey } from '../api/contracts-api';
import { CONTRACT_TEXTS as T } from '../contract-texts';

export interface ContractShopProps {
  contract: ContractDto;
  /** The products of the contract's catalogue. */
  products: ShopProductDto[];
  /** Books the cart; answers whether it was booked. */
  onCheckout: (options: ContractOptionChange[], key: string) => Promise<boolean>;
  busy: boolean;
}

/**
 * The shop of a contract: products with price and interval, a cart, and checkout (disabled while
 * the cart is empty). A once-only product goes into the cart once and not at all when booked.
 */
export function ContractShop({ contract, products, onCheckout, busy }: ContractShopProps) {
  const [cart, setCart] = useState<ShopProductDto[]>([]);
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const offered = products.filter((p) => !p.required);
  const booked = new Set(contract.items.map((i) => i.product));
  const total = cart.reduce((sum, p) => sum + p.price, 0);
  const unavailable = (p: ShopProductDto) => p.interval === 'once' && (booked.has(p.name) || cart.some((c) => c.name === p.name));

  return (
    <Box component="section" aria-label={T.shop}>
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {T.shop}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {T.shopIntro}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 1.5 }}>
        {offered.map((p) => (
          <Card key={p.name} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} aria-label={p.title} component="article">
            <CardContent sx={{ flex: 1, pb: 1 }}>
              <Typography component="h5" variant="subtitle2">
                {p.shopTitle || p.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
                {p.description}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatCents(p.price)} {OPTION_INTERVAL_LABELS[p.interval]}
              </Typography>
              {p.priceFormula && (
                <Typography variant="caption" color="text.secondary">
                  {p.priceFormula}
                </Typography>
              )}
            </CardContent>
            <CardActions>
              <Button size="small" disabled={unavailable(p)} onClick={() => setCart((c) => [...c, p])} aria-label={`${T.addToCart}: ${p.shopTitle || p.title}`}>
                {p.interval === 'once' && booked.has(p.name) ? T.booked : p.interval === 'once' && cart.some((c) => c.name === p.name) ? T.inCart : T.addToCart}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>

      <Box sx={{ mt: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }} component="section" aria-label={T.cart}>
        <Typography component="h5" variant="subtitle2">
          {T.cart}
        </Typography>
        {cart.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {T.emptyCart}
          </Typography>
        ) : (
          <List dense disablePadding>
            {cart.map((p, i) => (
              <ListItem
                key={`${p.name}-${i}`}
                disableGutters
                secondaryAction={
                  <IconButton edge="end" size="small" aria-label={T.remove(p.shopTitle || p.title)} onClick={() => setCart((c) => c.filter((_, j) => j !== i))}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText primary={p.shopTitle || p.title} secondary={`${formatCents(p.price)} ${OPTION_INTERVAL_LABELS[p.interval]}`} />
              </ListItem>
            ))}
          </List>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Typography variant="body2">
            {T.total}: <strong>{formatCents(total)}</strong>
          </Typography>
          <Button variant="contained" disabled={cart.length === 0 || busy} onClick={() => setConfirmKey(requestKey())}>
            {T.checkout}
          </Button>
        </Box>
      </Box>

      <ConfirmDialog
        open={confirmKey !== null}
        title={T.checkoutTitle}
        confirmLabel={T.book}
        cancelLabel={T.abort}
        onCancel={() => setConfirmKey(null)}
        onConfirm={() => {
          const key = confirmKey!;
          setConfirmKey(null);
          void onCheckout(
            cart.map((p) => ({ action: 'book', _id: p.name })),
            key,
          ).then((ok) => {
            if (ok) setCart([]);
          });
        }}
      >
        {T.checkoutText(cart.length, formatCents(total))}
      </ConfirmDialog>
    </Box>
  );
}
