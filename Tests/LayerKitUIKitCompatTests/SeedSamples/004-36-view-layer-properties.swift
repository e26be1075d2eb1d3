let hogeView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))

// view.backgroundColor と layer.backgroundColor を比較
hogeView.backgroundColor = UIColor.blue
print(hogeView.layer.backgroundColor == UIColor.blue.cgColor) // true
hogeView.layer.backgroundColor = UIColor.yellow.cgColor
print(hogeView.backgroundColor == UIColor.yellow) // true

// view.clipsToBounds と layer.masksToBounds を比較
hogeView.clipsToBounds = true
print(hogeView.layer.masksToBounds == hogeView.clipsToBounds) // true
hogeView.clipsToBounds = false
print(hogeView.layer.masksToBounds == hogeView.clipsToBounds) // true
hogeView.layer.masksToBounds = true
print(hogeView.layer.masksToBounds == hogeView.clipsToBounds) // true
hogeView.layer.masksToBounds = false
print(hogeView.layer.masksToBounds == hogeView.clipsToBounds) // true

// view.alpha と layer.opacity を比較
hogeView.alpha = 0.1
print(hogeView.alpha == CGFloat(hogeView.layer.opacity)) // true
print(hogeView.layer.opacity) // 0.1
hogeView.layer.opacity = 0.3
