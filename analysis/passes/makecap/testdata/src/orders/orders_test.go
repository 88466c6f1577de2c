package orders

import "testing"

func TestListOrders(t *testing.T) {
	rows := []OrderRow{{ID: 1}, {ID: 2}}
	var want []int64 // test code runs once per test
	for _, r := range rows {
		want = append(want, r.ID)
	}
	got := ListOrderIDs(rows)
	if len(got) != len(want) {
		t.Fatalf("ListOrderIDs = %v, want %v", got, want)
	}
}

func BenchmarkIndex(b *testing.B) {
	rows := make([]OrderRow, 1000)
	ids := []int64{} // set-up outside the measured loop
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	for b.Loop() {
		m := map[int64]bool{} // want `m grows to up to len\(ids\) entries without a size hint: make it with make\(map\[int64\]bool, len\(ids\)\)`
		for _, id := range ids {
			m[id] = true
		}
	}
}
