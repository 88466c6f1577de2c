// The JSON-API workload that the drivers of HTTP frameworks share (gofiber_fiber_v2 and
// labstack_echo_v4; the mix and its reasons are in their top comments): the catalogue/orders data
// model and its in-memory store, with the store's side of each route (the drivers write the
// handlers, which bind the request and answer in their framework's way), the client mix with its
// checks, and runAPI, which serves the API, loads it, profiles a window after a warm-up (harness)
// and prints the report, whose last line is the summary drive.sh prints.

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// ---- the service's data ----

type Product struct {
	ID          int       `json:"id"`
	SKU         string    `json:"sku"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Category    string    `json:"category"`
	PriceCents  int       `json:"price_cents"`
	Currency    string    `json:"currency"`
	Stock       int       `json:"stock"`
	Tags        []string  `json:"tags"`
	UpdatedAt   time.Time `json:"updated_at"`
}

type OrderItem struct {
	ProductID int `json:"product_id"`
	Quantity  int `json:"quantity"`
}

type Address struct {
	Line1   string `json:"line1"`
	City    string `json:"city"`
	Postal  string `json:"postal_code"`
	Country string `json:"country"`
}

type Order struct {
	ID         int         `json:"id"`
	UserID     int         `json:"user_id"`
	Items      []OrderItem `json:"items"`
	TotalCents int         `json:"total_cents"`
	Status     string      `json:"status"`
	Shipping   Address     `json:"shipping"`
	CreatedAt  time.Time   `json:"created_at"`
}

type store struct {
	mu         sync.RWMutex
	products   map[int]*Product
	byCategory map[string][]int
	orders     map[int][]*Order
	nextOrder  int
}

func newStore(rng *rand.Rand) *store {
	s := &store{products: map[int]*Product{}, byCategory: map[string][]int{}, orders: map[int][]*Order{}}
	now := time.Now().UTC()
	for id := 1; id <= numProducts; id++ {
		cat := categories[id%len(categories)]
		p := &Product{
			ID:          id,
			SKU:         fmt.Sprintf("SKU-%06d", id),
			Name:        fmt.Sprintf("%s item %d", cat, id),
			Description: "A durable, well reviewed " + cat + " product with a two year warranty and free returns within 30 days.",
			Category:    cat,
			PriceCents:  199 + rng.IntN(50000),
			Currency:    "EUR",
			Stock:       rng.IntN(500),
			Tags:        []string{cat, "new", "sale"}[:1+rng.IntN(3)],
			UpdatedAt:   now,
		}
		s.products[id] = p
		s.byCategory[cat] = append(s.byCategory[cat], id)
	}
	for u := 1; u <= numUsers; u++ {
		for k := 0; k < 8; k++ {
			s.nextOrder++
			s.orders[u] = append(s.orders[u], &Order{
				ID: s.nextOrder, UserID: u, Status: statuses[k%len(statuses)],
				Items:      []OrderItem{{ProductID: 1 + rng.IntN(numProducts), Quantity: 1 + rng.IntN(3)}},
				TotalCents: 1000 + rng.IntN(20000), CreatedAt: now.Add(-time.Duration(k) * time.Hour),
				Shipping: Address{Line1: "1 Main Street", City: "Berlin", Postal: "10115", Country: "DE"},
			})
		}
	}
	return s
}

const (
	numProducts = 2000
	numUsers    = 500
)

var (
	categories = []string{"books", "garden", "kitchen", "toys", "audio", "camera", "office", "sports", "tools", "beauty", "games", "outdoor"}
	statuses   = []string{"pending", "paid", "shipped", "delivered"}
)

// The requests whose tags do not name path parameters (the drivers declare those: their
// frameworks' tags differ).

type listQuery struct {
	Category string `query:"category"`
	Limit    int    `query:"limit"`
	Offset   int    `query:"offset"`
	Sort     string `query:"sort"`
}

type createOrderReq struct {
	UserID   int         `json:"user_id"`
	Items    []OrderItem `json:"items"`
	Shipping Address     `json:"shipping"`
	Coupon   string      `json:"coupon"`
}

type listResponse struct {
	Items  []Product `json:"items"`
	Total  int       `json:"total"`
	Limit  int       `json:"limit"`
	Offset int       `json:"offset"`
}

// productUpdate holds the fields a PUT /products/:id may change (nil or empty: unchanged).
type productUpdate struct {
	PriceCents *int
	Stock      *int
	Tags       []string
	Name       string
}

// ---- the store's side of the routes ----

// product returns a copy of product id, and whether there is one.
func (s *store) product(id int) (Product, bool) {
	s.mu.RLock()
	prod, ok := s.products[id]
	var out Product
	if ok {
		out = *prod
	}
	s.mu.RUnlock()
	return out, ok
}

// list answers GET /products: a page of a category (20 products unless limit is 1–100),
// sorted by price when asked.
func (s *store) list(q listQuery) listResponse {
	if q.Limit <= 0 || q.Limit > 100 {
		q.Limit = 20
	}
	s.mu.RLock()
	ids := s.byCategory[q.Category]
	resp := listResponse{Total: len(ids), Limit: q.Limit, Offset: q.Offset}
	for i := q.Offset; i < len(ids) && len(resp.Items) < q.Limit; i++ {
		resp.Items = append(resp.Items, *s.products[ids[i]])
	}
	s.mu.RUnlock()
	if q.Sort == "price" {
		sort.Slice(resp.Items, func(i, j int) bool { return resp.Items[i].PriceCents < resp.Items[j].PriceCents })
	}
	return resp
}

// recentOrders answers GET /users/:id/orders: a user's latest orders (10 unless limit is 1–50),
// of one status if status is not empty.
func (s *store) recentOrders(userID int, status string, limit int) []Order {
	if limit <= 0 || limit > 50 {
		limit = 10
	}
	s.mu.RLock()
	all := s.orders[userID]
	out := make([]Order, 0, limit)
	for i := len(all) - 1; i >= 0 && len(out) < limit; i-- {
		if status == "" || all[i].Status == status {
			out = append(out, *all[i])
		}
	}
	s.mu.RUnlock()
	return out
}

// placeOrder answers POST /orders: it checks the order and stores it; an error is the client's
// (422 Unprocessable Entity, with the error's text).
func (s *store) placeOrder(req createOrderReq) (*Order, error) {
	if req.UserID <= 0 || len(req.Items) == 0 || req.Shipping.Country == "" {
		return nil, errors.New("user_id, items and shipping are required")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	total := 0
	for _, it := range req.Items {
		p, ok := s.products[it.ProductID]
		if !ok || it.Quantity <= 0 {
			return nil, errors.New("invalid item")
		}
		total += p.PriceCents * it.Quantity
	}
	if req.Coupon == "SAVE10" {
		total = total * 9 / 10
	}
	s.nextOrder++
	o := &Order{ID: s.nextOrder, UserID: req.UserID, Items: req.Items, TotalCents: total,
		Status: "pending", Shipping: req.Shipping, CreatedAt: time.Now().UTC()}
	list := append(s.orders[req.UserID], o)
	if len(list) > 50 { // keep the store bounded: a user's recent orders only
		list = append(list[:0:0], list[len(list)-50:]...)
	}
	s.orders[req.UserID] = list
	return o, nil
}

// orderLocation is the Location of a created order.
func orderLocation(o *Order) string { return "/api/v1/orders/" + strconv.Itoa(o.ID) }

// update answers PUT /products/:id: it applies the fields given and returns a copy of the
// product, and whether there is one.
func (s *store) update(id int, u productUpdate) (Product, bool) {
	s.mu.Lock()
	p, ok := s.products[id]
	var out Product
	if ok {
		if u.PriceCents != nil {
			p.PriceCents = *u.PriceCents
		}
		if u.Stock != nil {
			p.Stock = *u.Stock
		}
		if u.Tags != nil {
			p.Tags = u.Tags
		}
		if u.Name != "" {
			p.Name = u.Name
		}
		p.UpdatedAt = time.Now().UTC()
		out = *p
	}
	s.mu.Unlock()
	return out, ok
}

// ---- the load ----

var opNames = []string{"get_product", "list_products", "user_orders", "create_order", "update_product"}

var opWeights = []int{40, 25, 10, 15, 10}

type counters struct {
	ok   [5]atomic.Int64
	fail [5]atomic.Int64
}

func pickOp(rng *rand.Rand) int {
	n := rng.IntN(100)
	for i, w := range opWeights {
		if n < w {
			return i
		}
		n -= w
	}
	return 0
}

func doRequest(client *http.Client, base string, op int, rng *rand.Rand) error {
	var (
		method = http.MethodGet
		url    string
		body   []byte
		want   = http.StatusOK
	)
	switch op {
	case 0:
		url = base + "/api/v1/products/" + strconv.Itoa(1+rng.IntN(numProducts))
	case 1:
		sortParam := ""
		if rng.IntN(4) == 0 {
			sortParam = "&sort=price"
		}
		url = fmt.Sprintf("%s/api/v1/products?category=%s&limit=20&offset=%d%s", base,
			categories[rng.IntN(len(categories))], 20*rng.IntN(8), sortParam)
	case 2:
		st := ""
		if rng.IntN(2) == 0 {
			st = "&status=" + statuses[rng.IntN(len(statuses))]
		}
		url = fmt.Sprintf("%s/api/v1/users/%d/orders?limit=10%s", base, 1+rng.IntN(numUsers), st)
	case 3:
		method, want = http.MethodPost, http.StatusCreated
		url = base + "/api/v1/orders"
		items := make([]OrderItem, 1+rng.IntN(5))
		for i := range items {
			items[i] = OrderItem{ProductID: 1 + rng.IntN(numProducts), Quantity: 1 + rng.IntN(3)}
		}
		req := createOrderReq{UserID: 1 + rng.IntN(numUsers), Items: items,
			Shipping: Address{Line1: strconv.Itoa(1+rng.IntN(200)) + " Market Street", City: "Hamburg", Postal: "20095", Country: "DE"}}
		if rng.IntN(5) == 0 {
			req.Coupon = "SAVE10"
		}
		body, _ = json.Marshal(req)
	case 4:
		method = http.MethodPut
		url = base + "/api/v1/products/" + strconv.Itoa(1+rng.IntN(numProducts))
		price, stock := 199+rng.IntN(50000), rng.IntN(500)
		body, _ = json.Marshal(map[string]any{"price_cents": price, "stock": stock,
			"tags": []string{categories[rng.IntN(len(categories))], "restocked"}, "name": "Updated item " + strconv.Itoa(rng.IntN(1e6))})
	}
	var rdr io.Reader
	if body != nil {
		rdr = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rdr)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "shop-web/2.3 (perfproof load driver)")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	got, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != want {
		return fmt.Errorf("%s %s: status %d", method, url, resp.StatusCode)
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		return fmt.Errorf("%s %s: content type %q", method, url, resp.Header.Get("Content-Type"))
	}
	if !bytes.Contains(got, expect[op]) {
		return fmt.Errorf("%s %s: unexpected body %.200q", method, url, got)
	}
	return nil
}

// expect holds a fragment every correct response of an operation contains.
var expect = [][]byte{
	[]byte(`"sku":"SKU-`),
	[]byte(`"items":[{"id":`),
	[]byte(`"orders":[`),
	[]byte(`"status":"pending"`),
	[]byte(`"updated_at":`),
}

// apiServer is the API as a driver serves it with its framework, on the listener it was given.
type apiServer struct {
	// serve serves until shutdown; it returns what the framework's serve call returns then.
	serve func() error
	// shutdown stops the server; client is the load's client, whose idle connections some
	// servers want closed first.
	shutdown func(client *http.Client) error
}

// runAPI serves the API that newServer builds on the store and a loopback listener, loads it with
// 3 client goroutines, profiles a window of f.duration after a 3 s warm-up and prints the report;
// name begins the summary line. It returns the exit code.
func runAPI(name string, f *loadFlags, newServer func(st *store, ln net.Listener) apiServer) int {
	st := newStore(rand.New(rand.NewPCG(1, 2)))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	srv := newServer(st, ln)
	srvDone := make(chan error, 1)
	go func() { srvDone <- srv.serve() }()
	base := "http://" + ln.Addr().String()

	const workers = 3
	client := keepAliveClient(workers, 10*time.Second)
	if err := waitReady(50, func() (*http.Response, error) { return client.Get(base + "/healthz") }); err != nil {
		fmt.Fprintln(os.Stderr, "server not ready:", err)
		return 1
	}

	var c counters
	firstErr := errorSample{max: 1}
	stopClients := startClients(workers, 99, func(rng *rand.Rand) {
		op := pickOp(rng)
		if err := doRequest(client, base, op, rng); err != nil {
			c.fail[op].Add(1)
			firstErr.record(err)
		} else {
			c.ok[op].Add(1)
		}
	})

	var okBase, failBase [5]int64
	elapsed, err := profileWindow(f.cpuprofile, 3*time.Second, f.duration, func() error {
		for i := range opNames {
			okBase[i], failBase[i] = c.ok[i].Load(), c.fail[i].Load()
		}
		return nil
	}, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var okN, failN [5]int64
	for i := range opNames {
		okN[i], failN[i] = c.ok[i].Load()-okBase[i], c.fail[i].Load()-failBase[i]
	}
	stopClients()

	if err := writeAllocProfile(f.memprofile); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}

	if err := srv.shutdown(client); err != nil {
		fmt.Fprintln(os.Stderr, "shutdown:", err)
	}
	if err := <-srvDone; err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(os.Stderr, "server:", err)
	}
	client.CloseIdleConnections()

	var total, fails int64
	parts := make([]string, len(opNames))
	for i, n := range opNames {
		total += okN[i] + failN[i]
		fails += failN[i]
		parts[i] = fmt.Sprintf("%s %d", n, okN[i]+failN[i])
	}
	if fails > 0 {
		fmt.Printf("first error: %v\n", firstErr.messages()[0])
	}
	return finish(withinBudget(total, fails), func() {
		for i, n := range opNames {
			fmt.Printf("%s: ok %d failed %d\n", n, okN[i], failN[i])
		}
	}, fmt.Sprintf("%s: %d requests in %s (%s), %d errors", name, total, elapsed.Round(time.Millisecond), strings.Join(parts, ", "), fails))
}
